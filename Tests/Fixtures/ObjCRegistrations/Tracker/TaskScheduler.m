#import "TaskScheduler.h"
#import "TaskIdentifiers.h"
#import <BackgroundTasks/BackgroundTasks.h>

@implementation TaskScheduler

+ (void)scheduleSync {
    BGAppRefreshTaskRequest *request = [[BGAppRefreshTaskRequest alloc] initWithIdentifier:kTrackerRefreshTask];
    request.earliestBeginDate = [NSDate dateWithTimeIntervalSinceNow:3600];
    [[BGTaskScheduler sharedScheduler] submitTaskRequest:request error:nil];
}

+ (void)scheduleCleanup {
    BGProcessingTaskRequest *request = [[BGProcessingTaskRequest alloc] initWithIdentifier:kTrackerCleanupTask];
    request.requiresExternalPower = YES;
    [[BGTaskScheduler sharedScheduler] submitTaskRequest:request error:nil];
}

+ (void)runSyncTask:(BGTask *)task {
    [self scheduleSync];
    [task setTaskCompletedWithSuccess:YES];
}

+ (void)runCleanupTask:(BGTask *)task {
    [self scheduleCleanup];
    [task setTaskCompletedWithSuccess:YES];
}

@end
