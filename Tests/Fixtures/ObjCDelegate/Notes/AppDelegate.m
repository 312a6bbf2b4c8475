#import "AppDelegate.h"
#import "Notes-Swift.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    [NoteStore.shared load];
    return YES;
}

@end
