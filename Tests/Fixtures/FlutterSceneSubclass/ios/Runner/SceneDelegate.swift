import Flutter
import UIKit

/// The scene delegate Flutter's UIScene migration guide has an app add when it needs the scene's events itself:
/// a subclass of FlutterSceneDelegate, which still forwards them to the plugins.
class SceneDelegate: FlutterSceneDelegate {
  override func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
  ) {
    super.scene(scene, willConnectTo: session, options: connectionOptions)
  }
}
