import UserNotifications

final class NotificationServiceExtension: UNNotificationServiceExtension {}
