// SPDX-License-Identifier: AGPL-3.0-only OR LicenseRef-Element-Commercial (trimmed from ElementX/Sources/Application/Settings/AppSettings.swift at 04fd1bfd).

final class AppSettings {
    let backgroundAppRefreshTaskIdentifier = "io.element.elementx.background.refresh"
}
