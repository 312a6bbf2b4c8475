#import <Foundation/Foundation.h>

#define kTrackerRefreshTask @"org.example.tracker.refresh"
static NSString *const kTrackerCleanupTask = @"org.example.tracker.cleanup";
