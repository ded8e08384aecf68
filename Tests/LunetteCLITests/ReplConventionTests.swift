import Foundation
import TestSupport
import XCTest

/// The REPL behaves like other REPLs (issue 20): Ctrl-C clears the line and stays, lines
/// typed ahead are kept, completion inside step tables and strings, readable numbers,
/// colours and wide tables (`:reset` running init.lua again: ReplTests).
final class ReplConventionTests: ScratchTestCase {
    func start(preview: String? = "blocks", waitForPrompt: Bool = true) throws -> PseudoTerminal {
        var env = [
            "XDG_STATE_HOME": dir.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path,
            "TERM": "xterm-256color", "NO_COLOR": "1",
        ]
        if let preview { env["LUNETTE_PREVIEW"] = preview }
        // setsid -w -c: the pseudo-terminal becomes lunette's controlling terminal, so Ctrl-C
        // typed into it is a SIGINT, as in a real session.
        let tty = try PseudoTerminal(
            URL(fileURLWithPath: "/usr/bin/setsid"), arguments: ["-w", "-c", CLITests.binary.path],
            environment: env,
            removing: preview == nil ? ["LUNETTE_PREVIEW", "TMUX", "KITTY_WINDOW_ID", "TERM_PROGRAM", "LC_TERMINAL"] : [])
        if waitForPrompt { XCTAssertTrue(tty.waitFor("> "), tty.output) }
        return tty
    }

    func quit(_ tty: PseudoTerminal) {
        tty.send(":quit\r")
        XCTAssertEqual(tty.finish(), 0, tty.output)
    }

    func testCtrlCClearsTheLineOrContinuationAndTheSessionGoesOn() throws {
        let tty = try start()
        var mark = tty.output.count
        tty.send("kept = 42\r")
        XCTAssertTrue(tty.waitFor("> ", after: mark + 10), tty.output)
        mark = tty.output.count
        tty.send("half typed")
        XCTAssertTrue(tty.waitFor("typed", after: mark), tty.output)
        tty.send("\u{3}")
        XCTAssertTrue(tty.waitFor("^C", after: mark), tty.output.debugDescription)
        mark = tty.output.count
        tty.send("for i = 1, 2 do\r")
        XCTAssertTrue(tty.waitFor(">> ", after: mark), tty.output)
        tty.send("\u{3}")
        XCTAssertTrue(tty.waitFor("^C", after: mark), tty.output.debugDescription)
        // The continuation was abandoned: this line is a chunk of its own.
        XCTAssertTrue(tty.reply(to: "kept + 1\r", contains: "\n43"), tty.output.debugDescription)
        quit(tty)
    }

    func testOsExitLeavesAndKeepsTheHistory() throws {
        let tty = try start()
        tty.send("exit_marker = 1\r")
        tty.send("os.exit(3)\r")
        XCTAssertEqual(tty.finish(), 3, tty.output)
        let saved = try String(contentsOfFile: dir.appendingPathComponent("state/lunette/history").path, encoding: .utf8)
        XCTAssertTrue(saved.contains("exit_marker"), saved)
    }

    /// The terminal query at start-up (sixel support) reads the terminal: what the user
    /// typed meanwhile used to be swallowed.
    func testLinesTypedBeforeThePromptAreKept() throws {
        let tty = try start(preview: nil, waitForPrompt: false)
        tty.send("typed_ahead = 6\rtyped_ahead * 7\r")
        XCTAssertTrue(tty.waitFor("\n42", timeout: 20), tty.output.debugDescription)
        quit(tty)
    }

    func testCompletionOfStepKeysAndFileNames() throws {
        let files = dir.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try "contents-of-the-file".write(
            to: files.appendingPathComponent("photos/one-picture.txt"), atomically: true, encoding: .utf8)
        let tty = try start()
        XCTAssertTrue(tty.reply(to: "CIGaussianBlur{ra\t = 3}\r", contains: "CIGaussianBlur{radius = 3}\r\n> "), tty.output)
        var mark = tty.output.count
        tty.send("CIColorMatrix{RVector = Vector(1, 0, 0, 0), Bias\t = Vector(0, 0, 0, 0)}\r")
        XCTAssertTrue(
            tty.waitFor("{BiasVector = Vector(0, 0, 0, 0), RVector = Vector(1, 0, 0, 0)}", after: mark),
            tty.output.debugDescription)
        // Folder, then file name (its `-` is a word break: only the rest is completed).
        XCTAssertTrue(
            tty.reply(to: "io.open(\"\(files.path)/ph\tone-pic\t\"):read('a')\r", contains: "\"contents-of-the-file\""),
            tty.output.debugDescription)
        quit(tty)
    }

    func testNumbersColoursAndWideTablesPrintReadably() throws {
        let tty = try start()
        XCTAssertTrue(
            tty.reply(to: "128 / 255, Color\"#FF8000\", 0.1\r", contains: "0.5019607843137255\tColor\"#ff8000\"\t0.1\r\n"),
            tty.output.debugDescription)
        var mark = tty.output.count
        tty.send("wide = {} for i = 1, 30 do wide[i] = 1000 + i end\r")
        tty.send("wide\r")
        // 30 numbers do not fit 100 columns: one per line, indented.
        XCTAssertTrue(tty.waitFor("{\r\n  1001,\r\n  1002,", after: mark), tty.output.debugDescription)
        XCTAssertTrue(tty.waitFor("  1030\r\n}\r\n", after: mark), tty.output.debugDescription)
        XCTAssertTrue(tty.reply(to: "{1, 2, 3}\r", contains: "{1, 2, 3}\r\n"), tty.output.debugDescription)
        quit(tty)
    }
}
