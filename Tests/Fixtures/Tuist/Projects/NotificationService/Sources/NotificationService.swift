import UserNotifications

final class NotificationService: UNNotificationServiceExtension {}
