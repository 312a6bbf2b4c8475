#import "RDRAppDelegate.h"

@interface RDRAppDelegate ()
@property (nonatomic) BOOL launched;
@end

@implementation RDRAppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    self.launched = YES;
    return YES;
}

@end
