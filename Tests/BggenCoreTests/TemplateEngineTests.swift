import Testing
@testable import BggenCore

private func render(_ source: String, _ context: [String: TemplateValue] = [:]) throws -> String {
    try Template(name: "t.tmpl", source: source).render(context)
}

private func parseError(_ source: String) -> TemplateError? {
    do {
        _ = try Template(name: "t.tmpl", source: source)
        return nil
    } catch {
        return error
    }
}

private func renderError(_ source: String, _ context: [String: TemplateValue] = [:]) throws -> TemplateError? {
    let template = try Template(name: "t.tmpl", source: source)
    do {
        _ = try template.render(context)
        return nil
    } catch {
        return error
    }
}

@Suite struct TemplateEngineTests {
    // MARK: Variables

    @Test func insertsStringsWithoutEscaping() throws {
        let output = try render("let x = \"{{value}}\" // {{ spaced }}\n", [
            "value": .string("<a & \"b\">"),
            "spaced": .string("ok"),
        ])
        #expect(output == "let x = \"<a & \"b\">\" // ok\n")
    }

    @Test func dottedNamesLookIntoObjects() throws {
        let context: [String: TemplateValue] = [
            "task": .object(["id": .string("com.example.refresh"), "meta": .object(["owner": .string("sync")])]),
        ]
        #expect(try render("{{task.id}} by {{task.meta.owner}}", context) == "com.example.refresh by sync")
    }

    @Test func textWithoutTagsAndStrayClosingBracesIsCopiedVerbatim() throws {
        let swift = "func f() { if x { y() }}\n\nlet d: [String: Int] = [:]"
        #expect(try render(swift) == swift)
        #expect(try render("") == "")
    }

    /// The library parses a template when it is first rendered, so a broken one would show only in a run that
    /// renders it: every embedded template is parsed here.
    @Test func everyEmbeddedTemplateParses() throws {
        let templates = EmbeddedTemplates.files.filter { $0.key.hasSuffix(".tmpl") }
        #expect(!templates.isEmpty)
        for (file, source) in templates {
            #expect(throws: Never.self, "\(file)") { try Template(name: file, source: source) }
        }
    }

    @Test func aTemplateThatDoesNotParseIsAnErrorWithItsLineWhenRendered() {
        let library = TemplateLibrary(sources: ["Good.swift.tmpl": "let a = 1\n", "Bad.swift.tmpl": "let a = 1\n{{#if x}}\n"])
        #expect(throws: Never.self) { try library.render("Good.swift", [:]) }
        #expect { try library.render("Bad.swift", ["x": .bool(true)]) } throws: { error in
            (error as? TemplateError).map { $0.template == "Bad.swift.tmpl" && $0.line > 0 } ?? false
        }
        #expect(throws: TemplateError.self) { try library.render("Missing.swift", [:]) }
    }

    @Test func templateIsParsedOnceAndRenderedManyTimes() throws {
        let template = try Template(name: "t.tmpl", source: "Hello {{name}}\n")
        #expect(try template.render(["name": .string("A")]) == "Hello A\n")
        #expect(try template.render(["name": .string("B")]) == "Hello B\n")
    }

    // MARK: Conditions

    @Test func ifElse() throws {
        let source = "a{{#if on}}-yes{{else}}-no{{/if}}b"
        #expect(try render(source, ["on": .bool(true)]) == "a-yesb")
        #expect(try render(source, ["on": .bool(false)]) == "a-nob")
    }

    @Test(arguments: [
        (TemplateValue.bool(true), true),
        (.bool(false), false),
        (.string("x"), true),
        (.string(""), false),
        (.list([.string("x")]), true),
        (.list([]), false),
        (.object([:]), true),
    ])
    func truthiness(value: TemplateValue, expected: Bool) throws {
        #expect(try render("{{#if v}}T{{else}}F{{/if}}", ["v": value]) == (expected ? "T" : "F"))
        #expect(try render("{{#unless v}}F{{else}}T{{/unless}}", ["v": value]) == (expected ? "T" : "F"))
    }

    @Test func unless() throws {
        #expect(try render("{{#unless quiet}}loud{{/unless}}", ["quiet": .bool(false)]) == "loud")
        #expect(try render("{{#unless quiet}}loud{{/unless}}", ["quiet": .bool(true)]) == "")
    }

    @Test func conditionOnDottedName() throws {
        let context: [String: TemplateValue] = ["opts": .object(["push": .bool(true)])]
        #expect(try render("{{#if opts.push}}push{{/if}}", context) == "push")
    }

    // MARK: Each

    @Test func eachOverStringsUsesDot() throws {
        let context: [String: TemplateValue] = ["ids": .list([.string("a"), .string("b"), .string("c")])]
        #expect(try render("[{{#each ids}}\"{{.}}\"{{#unless @last}}, {{/unless}}{{/each}}]", context) == "[\"a\", \"b\", \"c\"]")
    }

    @Test func eachOverObjectsAndFirstFlag() throws {
        let context: [String: TemplateValue] = [
            "tasks": .list([
                .object(["name": .string("refresh")]),
                .object(["name": .string("cleanup")]),
            ]),
        ]
        let source = "{{#each tasks}}{{#if @first}}first:{{else}} {{/if}}{{name}}{{#if @last}}.{{/if}}{{/each}}"
        #expect(try render(source, context) == "first:refresh cleanup.")
    }

    @Test func eachOverEmptyListRendersNothing() throws {
        #expect(try render("<{{#each xs}}x{{/each}}>", ["xs": .list([])]) == "<>")
    }

    @Test func nestedEachLooksUpInnermostFirstThenOutward() throws {
        let context: [String: TemplateValue] = [
            "prefix": .string("app"),
            "name": .string("root"),
            "groups": .list([
                .object(["name": .string("g1"), "items": .list([.string("a"), .string("b")])]),
                .object(["name": .string("g2"), "items": .list([.object(["name": .string("shadow")])])]),
            ]),
        ]
        let source = """
            {{name}}
            {{#each groups}}
            {{#each items}}
            {{prefix}}.{{name}}{{#if @first}} first{{/if}}{{#if @last}} last{{/if}}
            {{/each}}
            {{/each}}

            """
        #expect(try render(source, context) == """
            root
            app.g1 first
            app.g1 last
            app.shadow first last

            """)
    }

    @Test func firstAndLastBelongToTheInnermostEach() throws {
        let context: [String: TemplateValue] = [
            "rows": .list([.object(["cells": .list([.string("a"), .string("b")])]), .object(["cells": .list([.string("c")])])]),
        ]
        let source = "{{#each rows}}{{#each cells}}{{.}}{{#unless @last}},{{/unless}}{{/each}}{{#unless @last}};{{/unless}}{{/each}}"
        #expect(try render(source, context) == "a,b;c")
    }

    // MARK: Comments and standalone lines

    @Test func inlineCommentKeepsSurroundingText() throws {
        #expect(try render("a {{! note }}b\n") == "a b\n")
    }

    @Test func standaloneTagLinesDisappearWithTheirNewline() throws {
        let source = """
            import BackgroundTasks
            {{! this whole line goes away }}
            enum Tasks {
                {{#each ids}}
                static let id{{.}} = "{{.}}"
                {{/each}}
                {{#if push}}
                static let push = true
                {{else}}
                static let push = false
                {{/if}}
            }

            """
        let context: [String: TemplateValue] = ["ids": .list([.string("1"), .string("2")]), "push": .bool(false)]
        #expect(try render(source, context) == """
            import BackgroundTasks
            enum Tasks {
                static let id1 = "1"
                static let id2 = "2"
                static let push = false
            }

            """)
    }

    @Test func nestedStandaloneSectionsLeaveNoBlankLines() throws {
        let source = """
            <array>
              {{#each modes}}
                {{#if enabled}}
                  {{#unless hidden}}
              <string>{{name}}</string>
                  {{/unless}}
                {{/if}}
              {{/each}}
            </array>
            """
        let context: [String: TemplateValue] = [
            "modes": .list([
                .object(["name": .string("fetch"), "enabled": .bool(true), "hidden": .bool(false)]),
                .object(["name": .string("audio"), "enabled": .bool(false), "hidden": .bool(false)]),
                .object(["name": .string("processing"), "enabled": .bool(true), "hidden": .bool(false)]),
            ]),
        ]
        #expect(try render(source, context) == "<array>\n  <string>fetch</string>\n  <string>processing</string>\n</array>")
    }

    @Test func severalControlTagsOnOneLineAreStillStandalone() throws {
        let source = "a\n  {{#if x}}{{! why }}  \nb\n{{/if}}{{#if y}}\nc\n{{/if}}\n"
        #expect(try render(source, ["x": .bool(true), "y": .bool(false)]) == "a\nb\n")
    }

    @Test func standaloneTagOnLastLineWithoutNewline() throws {
        #expect(try render("{{#if x}}\nyes\n{{/if}}", ["x": .bool(true)]) == "yes\n")
        #expect(try render("a\n  {{! end }}", [:]) == "a\n")
    }

    @Test func lineWithVariableOrTextIsNotStandalone() throws {
        let context: [String: TemplateValue] = ["x": .bool(true), "v": .string("V")]
        #expect(try render("{{#if x}}{{v}}\n{{/if}}", context) == "V\n")
        #expect(try render("- {{#if x}}\nyes\n{{/if}}", context) == "- \nyes\n")
        #expect(try render("{{v}} {{! note }}\n", context) == "V \n")
    }

    @Test func blankLinesWithoutTagsAreKept() throws {
        #expect(try render("a\n\n  \nb\n") == "a\n\n  \nb\n")
    }

    @Test func crlfLinesKeepTheirLineEndings() throws {
        let source = "a\r\n{{#if x}}\r\n{{v}}\r\n{{/if}}\r\nb\r\n"
        #expect(try render(source, ["x": .bool(true), "v": .string("V")]) == "a\r\nV\r\nb\r\n")
    }

    // MARK: Parse errors

    @Test func unclosedSectionReportsTheOpeningLine() throws {
        let error = try #require(parseError("a\n{{#each xs}}\nb\n"))
        #expect(error.template == "t.tmpl")
        #expect(error.line == 2)
        #expect(error.message.contains("#each xs"))
        #expect(error.message.contains("never closed"))
    }

    @Test func mismatchedCloseReportsTheClosingLine() throws {
        let error = try #require(parseError("{{#if a}}\n{{#each xs}}\n{{/if}}\n{{/each}}\n"))
        #expect(error.line == 3)
        #expect(error.message.contains("{{/if}}"))
        #expect(error.message.contains("line 2"))
    }

    @Test func closeWithoutOpen() throws {
        let error = try #require(parseError("a\n\n{{/unless}}"))
        #expect(error.line == 3)
        #expect(error.message.contains("no matching"))
    }

    @Test(arguments: [
        ("x\n{{>partial}}", 2),
        ("{{#with thing}}{{/with}}", 1),
        ("\n\n{{{raw}}}", 3),
        ("{{&raw}}", 1),
        ("{{^inverted}}{{/inverted}}", 1),
        ("{{}}", 1),
        ("{{@index}}", 1),
        ("{{a..b}}", 1),
        ("{{/each xs}}", 1),
        ("{{#if}}{{/if}}", 1),
        ("{{#if a b}}{{/if}}", 1),
    ])
    func unknownOrMalformedTags(source: String, line: Int) throws {
        let error = try #require(parseError(source))
        #expect(error.line == line)
    }

    @Test func unknownTagMessageQuotesTheTag() throws {
        let error = try #require(parseError("one\ntwo {{>partial}}\n"))
        #expect(error == TemplateError(template: "t.tmpl", line: 2, message: "unknown tag '{{>partial}}'"))
        #expect(error.description == "t.tmpl:2: unknown tag '{{>partial}}'")
    }

    @Test func unterminatedTag() throws {
        let error = try #require(parseError("ok\nlet x = {{name\n}}"))
        #expect(error.line == 2)
    }

    @Test func elseOutsideIfOrTwice() throws {
        #expect(try #require(parseError("{{else}}")).line == 1)
        #expect(try #require(parseError("{{#each xs}}\n{{else}}\n{{/each}}")).line == 2)
        #expect(try #require(parseError("{{#if a}}\n{{else}}\n{{else}}\n{{/if}}")).line == 3)
    }

    @Test func itemHelpersOutsideEachAreRejectedWhileParsing() throws {
        #expect(try #require(parseError("{{.}}")).line == 1)
        #expect(try #require(parseError("\n{{#if @first}}{{/if}}")).line == 2)
        #expect(try #require(parseError("{{#unless @last}}{{/unless}}")).message.contains("@last"))
    }

    // MARK: Render errors

    @Test func missingVariableNamesItAndItsLine() throws {
        let error = try #require(try renderError("a\nb {{nmae}}\n", ["name": .string("x")]))
        #expect(error == TemplateError(template: "t.tmpl", line: 2, message: "missing variable 'nmae'"))
    }

    @Test func missingNestedKeyNamesThePath() throws {
        let error = try #require(try renderError("{{task.idd}}", ["task": .object(["id": .string("x")])]))
        #expect(error.line == 1)
        #expect(error.message == "missing variable 'task.idd'")
    }

    @Test func lookingIntoANonObjectFails() throws {
        let error = try #require(try renderError("\n{{name.first}}", ["name": .string("x")]))
        #expect(error.line == 2)
        #expect(error.message.contains("'name' is a string"))
    }

    @Test func nonStringVariableNamesItsKind() throws {
        let list = try #require(try renderError("{{#if x}}\n  {{x}}\n{{/if}}", ["x": .list([.string("a")])]))
        #expect(list == TemplateError(template: "t.tmpl", line: 2, message: "variable 'x' is a list, not a string"))
        let flag = try #require(try renderError("{{#each xs}}{{@first}}{{/each}}", ["xs": .list([.string("a")])]))
        #expect(flag.message == "variable '@first' is a bool, not a string")
        let object = try #require(try renderError("{{#each xs}}\n{{.}}\n{{/each}}", ["xs": .list([.object([:])])]))
        #expect(object.line == 2)
        #expect(object.message.contains("an object"))
    }

    @Test func missingNameInConditionIsAnError() throws {
        let error = try #require(try renderError("x\n\n{{#if enabeld}}y{{/if}}", ["enabled": .bool(true)]))
        #expect(error.line == 3)
        #expect(error.message == "missing variable 'enabeld'")
        #expect(try #require(try renderError("{{#unless q}}{{/unless}}")).message.contains("'q'"))
    }

    @Test func eachNeedsAList() throws {
        let error = try #require(try renderError("\n{{#each name}}{{/each}}", ["name": .string("x")]))
        #expect(error.line == 2)
        #expect(error.message.contains("needs a list"))
    }

    @Test func errorsInsideUnrenderedBranchesStaySilent() throws {
        // Strictness applies to what is rendered; a disabled feature may reference values it does not pass.
        #expect(try render("{{#if on}}{{missing}}{{/if}}ok", ["on": .bool(false)]) == "ok")
    }
}
