#import "AppDelegate.h"
#import <BackgroundTasks/BackgroundTasks.h>
#include <vector>

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    std::vector<int> warmup = {1, 2, 3};
    (void)warmup;
    return YES;
}

- (void)applicationDidBecomeActive:(UIApplication *)application {
    [self registerBackgroundTasks];
}

- (void)registerBackgroundTasks {
    [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"com.example.player.refresh" usingQueue:nil launchHandler:^(BGTask *task) {
        task.expirationHandler = ^{ [task setTaskCompleted:NO]; };
        [task setTaskCompleted:YES];
    }];
    [[BGTaskScheduler sharedScheduler] submitTaskRequest:[[BGAppRefreshTaskRequest alloc] initWithIdentifier:@"com.example.player.refresh"] error:nil];
}

@end
