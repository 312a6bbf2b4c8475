#import <Foundation/Foundation.h>

@interface ScoreSync : NSObject
+ (void)refreshIfNeeded;
@end
