// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// A job the user starts that keeps going after they leave the app. Start one from a button action:
///
///     do throws(ContinuedProcessingError) {
///         try ContinuedProcessingManager.shared.start(ExportJob())
///     } catch {
///         showAlert(error.userMessage)   // and finish in the foreground
///     }
@available(iOS 26.0, *)
nonisolated struct ExportJob: ContinuedProcessingJob {
    let title = "Exporting"

    func run(progress: ContinuedProcessingProgress) async throws {
        let steps: Int64 = 100
        for step in 1...steps {
            try Task.checkCancellation()
            // Do one step of the work here.
            progress.update(completed: step, of: steps, subtitle: "\(step)% done")
        }
    }

    func discardPartialOutput() {
        // Delete the half-written output, e.g. try? FileManager.default.removeItem(at: outputURL)
    }
}
