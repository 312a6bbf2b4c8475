#import "KiteSync.h"
#import "Kite-Swift.h"

@implementation KiteSync
+ (void)syncNow {
    [[BackgroundTaskManager shared] resumePendingSync];
}
@end
