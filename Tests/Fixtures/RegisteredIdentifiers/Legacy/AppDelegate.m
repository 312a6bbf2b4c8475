#import "AppDelegate.h"
#import <BackgroundTasks/BackgroundTasks.h>

static NSString *const kRefreshTaskIdentifier = @"com.example.legacy.refresh";

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    // [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"com.example.legacy.old" ...] was removed.
    [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:kRefreshTaskIdentifier
                                                          usingQueue:nil
                                                       launchHandler:^(__kindof BGTask *task) {
        [task setTaskCompletedWithSuccess:YES];
    }];
    return YES;
}

- (void)application:(UIApplication *)application didReceiveRemoteNotification:(NSDictionary *)userInfo
    fetchCompletionHandler:(void (^)(UIBackgroundFetchResult))completionHandler {
    completionHandler(UIBackgroundFetchResultNoData);
}

@end
