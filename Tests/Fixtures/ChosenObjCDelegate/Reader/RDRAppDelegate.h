#import <UIKit/UIKit.h>

@interface RDRAppDelegate : UIResponder <UIApplicationDelegate>
@end
