#import "AppDelegate.h"
#import <BackgroundTasks/BackgroundTasks.h>

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    dispatch_async(dispatch_get_main_queue(), ^{
        [self registerBackgroundTasks];
    });
    return YES;
}

- (void)registerBackgroundTasks {
    [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"com.example.radio.refresh" usingQueue:nil launchHandler:^(BGTask *task) {
        task.expirationHandler = ^{ [task setTaskCompleted:NO]; };
        [task setTaskCompleted:YES];
    }];
}

- (void)applicationDidEnterBackground:(UIApplication *)application {
    NSError *error = nil;
    if (![[BGTaskScheduler sharedScheduler] submitTaskRequest:[[BGAppRefreshTaskRequest alloc] initWithIdentifier:@"com.example.radio.refresh"] error:&error]) {
        NSLog(@"refresh not scheduled: %@", error);
    }
}

@end
