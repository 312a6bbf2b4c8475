import Foundation

/// Helpers for the tasks registered in AppDelegate.m.
enum LegacyBackgroundTasks {}
