#import "AppDelegate.h"
#import <BackgroundTasks/BackgroundTasks.h>

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    @try {
        [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"com.example.journal.refresh" usingQueue:nil launchHandler:^(BGTask *task) {
            task.expirationHandler = ^{ [task setTaskCompleted:NO]; };
            [task setTaskCompleted:YES];
        }];
    } @catch (NSException *exception) {
        NSLog(@"could not register the refresh: %@", exception);
    }
    return YES;
}

- (void)applicationDidEnterBackground:(UIApplication *)application {
    NSError *error = nil;
    if (![[BGTaskScheduler sharedScheduler] submitTaskRequest:[[BGAppRefreshTaskRequest alloc] initWithIdentifier:@"com.example.journal.refresh"] error:&error]) {
        NSLog(@"refresh not scheduled: %@", error);
    }
}

@end
