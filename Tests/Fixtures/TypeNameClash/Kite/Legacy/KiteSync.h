#import <Foundation/Foundation.h>

@interface KiteSync : NSObject
+ (void)syncNow;
@end
