// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// A job the user starts that keeps going after they leave the app. Start one from a button action:
///
///     Task {
///         do throws(ContinuedProcessingError) {
///             try await ContinuedProcessingManager.shared.start(ExportJob())
///         } catch {
///             showAlert(error.userMessage)   // and finish in the foreground
///         }
///     }
@available(iOS 26.0, *)
nonisolated struct ExportJob: RehearsedContinuedJob {
    let title = "Exporting"
    /// The steps the progress bar counts; iOS shows it at 0 as soon as the job launches.
    let totalUnitCount: Int64 = 100

    func run(progress: ContinuedProcessingProgress) async throws {
        let steps = totalUnitCount
        for step in 1...steps {
            try Task.checkCancellation()
            // Do one step of the work here, writing into progress.partialOutputFolder: a job swiped away in the
            // app switcher gets no cancellation, and that folder is swept at the next launch. It stays writable
            // while the device is locked (class completeUntilFirstUserAuthentication); output written elsewhere
            // needs the same class, or the job fails from shortly after the screen locks.
            progress.update(completed: step, of: steps, subtitle: "Step \(step) of \(steps)")
        }
        // Complete: move the output to its place, e.g.
        // try FileManager.default.moveItem(at: progress.partialOutputFolder.appendingPathComponent("export.mov"), to: destination)
    }

    /// The job the rehearsal tests (`--tests`) run: give it test doubles if it reads or writes real data.
    static func makeRehearsedJob() -> ExportJob {
        ExportJob()
    }

    /// The job `[BackgroundTasksObjC startExportJobWithCompletionHandler:]` starts. bggen's generated bridge calls
    /// this factory, never the initializer, so the job can take its input or dependencies: keep its name.
    @MainActor
    static func makeForObjectiveC() -> ExportJob {
        ExportJob()
    }

    func discardPartialOutput() {
        // Delete half-written output outside progress.partialOutputFolder, if any; that folder is removed for you.
    }
}
