#import "AppDelegate.h"
#import <BackgroundTasks/BackgroundTasks.h>

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    return YES;
}

- (void)applicationDidBecomeActive:(UIApplication *)application {
    [self registerBackgroundTasks];
}

- (void)registerBackgroundTasks {
    @try {
        [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"com.example.recorder.refresh" usingQueue:nil launchHandler:^(BGTask *task) {
            task.expirationHandler = ^{ [task setTaskCompleted:NO]; };
            [task setTaskCompleted:YES];
        }];
    } @catch (NSException *exception) {
        NSLog(@"background task already registered: %@", exception);
    }
}

- (void)applicationDidEnterBackground:(UIApplication *)application {
    NSError *error = nil;
    if (![[BGTaskScheduler sharedScheduler] submitTaskRequest:[[BGAppRefreshTaskRequest alloc] initWithIdentifier:@"com.example.recorder.refresh"] error:&error]) {
        NSLog(@"refresh not scheduled: %@", error);
    }
}

@end
