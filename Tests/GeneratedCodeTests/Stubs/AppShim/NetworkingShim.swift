// Compiled into the app module under test, never into a stub module.
//
// On Darwin `import Foundation` brings URLSession and friends; on Linux they live in FoundationNetworking, and
// Foundation only declares unavailable `typealias URLSession = AnyObject` placeholders. Module-level declarations
// shadow imported ones, so these aliases make every file of the app module see the SimNetworking stubs with a
// plain `import Foundation`, exactly as on Darwin. URLError needs no alias: corelibs Foundation has it.
import SimNetworking

public typealias URLSession = SimNetworking.URLSession
public typealias URLSessionConfiguration = SimNetworking.URLSessionConfiguration
public typealias URLSessionTask = SimNetworking.URLSessionTask
public typealias URLSessionDataTask = SimNetworking.URLSessionDataTask
public typealias URLSessionUploadTask = SimNetworking.URLSessionUploadTask
public typealias URLSessionDownloadTask = SimNetworking.URLSessionDownloadTask
public typealias URLSessionTaskMetrics = SimNetworking.URLSessionTaskMetrics
public typealias URLSessionDelegate = SimNetworking.URLSessionDelegate
public typealias URLSessionTaskDelegate = SimNetworking.URLSessionTaskDelegate
public typealias URLSessionDataDelegate = SimNetworking.URLSessionDataDelegate
public typealias URLSessionDownloadDelegate = SimNetworking.URLSessionDownloadDelegate
public typealias URLRequest = SimNetworking.URLRequest
public typealias URLResponse = SimNetworking.URLResponse
public typealias HTTPURLResponse = SimNetworking.HTTPURLResponse
public typealias URLAuthenticationChallenge = SimNetworking.URLAuthenticationChallenge
public typealias URLCredential = SimNetworking.URLCredential

// `nonisolated` so that `-default-isolation MainActor` does not make these constants main-actor isolated.
public nonisolated let NSURLSessionDownloadTaskResumeData = SimNetworking.NSURLSessionDownloadTaskResumeData
public nonisolated let NSURLSessionUploadTaskResumeData = SimNetworking.NSURLSessionUploadTaskResumeData
