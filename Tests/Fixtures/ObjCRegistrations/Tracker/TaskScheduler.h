#import <Foundation/Foundation.h>
@class BGTask;
@interface TaskScheduler : NSObject
+ (void)runSyncTask:(BGTask *)task;
+ (void)runCleanupTask:(BGTask *)task;
@end
