/// `.bggen.json` in the project root: the answers of the last run, so a later run offers them as defaults and
/// `bggen init --yes` replays them exactly. Its name is part of the model, since messages about answers name it;
/// reading and writing it (which checks doctor's rule names and the renderer's module names) is Core's.
public enum AnswersFile {
    public static let name = ".bggen.json"
}
