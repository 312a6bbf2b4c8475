import Foundation

/// Runs blocks on a background queue; shares a name with background-task code but is not BGTaskScheduler work.
public final class BackgroundTaskRunner {}
