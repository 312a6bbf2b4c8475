import WidgetKit

struct LiveActivity {}
