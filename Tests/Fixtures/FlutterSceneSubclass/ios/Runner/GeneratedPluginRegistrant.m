//
//  Generated file. Do not edit.
//

#import "GeneratedPluginRegistrant.h"

@import background_downloader;

@implementation GeneratedPluginRegistrant

+ (void)registerWithRegistry:(NSObject<FlutterPluginRegistry>*)registry {
  [BackgroundDownloaderPlugin registerWithRegistrar:[registry registrarForPlugin:@"BackgroundDownloaderPlugin"]];
}

@end
