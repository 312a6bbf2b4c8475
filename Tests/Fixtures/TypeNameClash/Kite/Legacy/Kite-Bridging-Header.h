#import "KiteSync.h"
