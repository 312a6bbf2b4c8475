#import "AppDelegate.h"
