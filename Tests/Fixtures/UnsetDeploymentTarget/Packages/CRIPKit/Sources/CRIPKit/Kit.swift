public enum CRIPKit {}
