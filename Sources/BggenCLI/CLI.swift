import BggenCore
