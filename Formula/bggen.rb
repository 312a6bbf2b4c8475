# Homebrew formula, built from source:
#   brew tap OWNER/bggen https://github.com/OWNER/bggen
#   brew install OWNER/bggen/bggen
# `version` follows `bggen --version`; InstallationTests fails when the two differ.
class Bggen < Formula
  desc "Generates and audits iOS background work: BGTaskScheduler, background URLSession, silent push"
  homepage "https://github.com/OWNER/bggen"
  url "https://github.com/OWNER/bggen.git", tag: "0.1.0"
  version "0.1.0"
  head "https://github.com/OWNER/bggen.git", branch: "main"

  # bggen is built and tested with Swift 6.3 only (Xcode 26.4); Package.swift declares macOS 15.
  depends_on xcode: ["26.4", :build]
  depends_on macos: :sequoia
  uses_from_macos "swift" => :build

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "bggen"
    bin.install ".build/release/bggen"
    # The man page, from versions of bggen that print one.
    (man1/"bggen.1").write Utils.safe_popen_read(bin/"bggen", "help", "--man") if quiet_system bin/"bggen", "help", "--man"
    # bash, zsh and fish, each from `bggen completion SHELL`, where Homebrew's shells look for them.
    generate_completions_from_executable(bin/"bggen", "completion")
  end

  test do
    assert_match "bggen #{version}", shell_output("#{bin}/bggen --version")
    system bin/"bggen", "init", "--yes", "demo"
    assert_path_exists testpath/"demo/.bggen.json"
  end
end
