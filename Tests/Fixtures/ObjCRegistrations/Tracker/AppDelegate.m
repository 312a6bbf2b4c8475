#import "AppDelegate.h"
#import "TaskIdentifiers.h"
#import "TaskScheduler.h"
#import <BackgroundTasks/BackgroundTasks.h>

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:kTrackerRefreshTask
                                                          usingQueue:nil
                                                       launchHandler:^(__kindof BGTask *task) {
        [TaskScheduler runSyncTask:task];
    }];
    [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:kTrackerCleanupTask
                                                          usingQueue:nil
                                                       launchHandler:^(__kindof BGTask *task) {
        [TaskScheduler runCleanupTask:task];
    }];
    return YES;
}

@end
