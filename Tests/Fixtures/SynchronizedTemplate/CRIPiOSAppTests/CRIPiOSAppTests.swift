import Testing

struct CRIPiOSAppTests {}
