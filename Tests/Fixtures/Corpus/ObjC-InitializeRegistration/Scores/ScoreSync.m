#import "ScoreSync.h"
#import <BackgroundTasks/BackgroundTasks.h>

@implementation ScoreSync

+ (void)initialize {
    if (self != [ScoreSync class]) { return; }
    [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"com.example.scores.refresh" usingQueue:nil launchHandler:^(BGTask *task) {
        task.expirationHandler = ^{ [task setTaskCompleted:NO]; };
        [task setTaskCompleted:YES];
    }];
}

+ (void)refreshIfNeeded {
    NSError *error = nil;
    if (![[BGTaskScheduler sharedScheduler] submitTaskRequest:[[BGAppRefreshTaskRequest alloc] initWithIdentifier:@"com.example.scores.refresh"] error:&error]) {
        NSLog(@"refresh not scheduled: %@", error);
    }
}

@end
