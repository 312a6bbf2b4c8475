#import "RDRAppDelegate.h"
