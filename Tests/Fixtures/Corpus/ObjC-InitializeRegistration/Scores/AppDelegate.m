#import "AppDelegate.h"
#import "ScoreSync.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    return YES;
}

- (void)applicationDidBecomeActive:(UIApplication *)application {
    [ScoreSync refreshIfNeeded];
}

@end
