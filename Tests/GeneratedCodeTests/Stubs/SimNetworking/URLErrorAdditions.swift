// Names Darwin's Foundation has and corelibs lacks: the resume-data user-info keys (corelibs spells the download
// key `URLSessionDownloadTaskResumeData`, in FoundationNetworking) and URLError's background accessors.
// URLError itself comes from corelibs Foundation, which has the same codes as Darwin.
import Foundation

@available(iOS 7.0, macOS 10.9, tvOS 9.0, watchOS 2.0, *)
public let NSURLSessionDownloadTaskResumeData = "NSURLSessionDownloadTaskResumeData"

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
public let NSURLSessionUploadTaskResumeData = "NSURLSessionUploadTaskResumeData"

extension URLError {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public enum BackgroundTaskCancelledReason: Int, Sendable {
        case userForceQuitApplication = 0
        case backgroundUpdatesDisabled = 1
        case insufficientSystemResources = 2
    }

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public enum NetworkUnavailableReason: Int, Sendable {
        case cellular = 0
        case expensive = 1
        case constrained = 2
    }

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public var downloadTaskResumeData: Data? {
        errorUserInfo[NSURLSessionDownloadTaskResumeData] as? Data
    }

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    public var uploadTaskResumeData: Data? {
        errorUserInfo[NSURLSessionUploadTaskResumeData] as? Data
    }

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public var backgroundTaskCancelledReason: BackgroundTaskCancelledReason? {
        (errorUserInfo[NSURLErrorBackgroundTaskCancelledReasonKey] as? Int).flatMap(BackgroundTaskCancelledReason.init)
    }

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public var networkUnavailableReason: NetworkUnavailableReason? {
        (errorUserInfo["NSURLErrorNetworkUnavailableReasonKey"] as? Int).flatMap(NetworkUnavailableReason.init)
    }
}
