public enum TemplateStore {
    public static func text(named name: String) -> String? { EmbeddedTemplates.files[name] }
}
