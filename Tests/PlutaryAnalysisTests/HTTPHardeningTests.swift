import Foundation
import PlutaryCore
import Testing

/// The HTTP client against hostile services: a redirect to another host, an
/// endless body, a body that drips. Real servers on two loopback addresses.
@Suite struct HTTPHardeningTests {
    typealias Answer = ScriptedServer.Answer

    private func config(_ server: ScriptedServer, timeout: TimeInterval = 5) -> AnalysisConfiguration {
        AnalysisConfiguration(provider: .rest, baseURL: server.baseURL + "/", timeout: timeout)
    }

    @Test func aRedirectToAnotherHostIsRefusedAndTheTokenStaysHome() async throws {
        let other = try ScriptedServer(["/analyze": [Answer(body: RESTQueueTests.reading)]], host: "127.0.0.2")
        let service = try ScriptedServer(["/analyze": [
            Answer(status: 307, body: "", headers: ["Location": other.baseURL + "/analyze"]),
        ]])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(service))
        #expect(service.requests.first?.authorization == "Bearer test-token")
        #expect(other.requests.allSatisfy { $0.authorization == nil }, "the other host received the token")
        #expect(other.requests.isEmpty)
        #expect(job.state == .failed)
        #expect(job.lastError == "The service redirected to another host (\(other.baseURL)); the token was not sent.")
        #expect(try await harness.receipt == harness.original)
    }

    @Test func aRedirectWithinTheServiceIsFollowed() async throws {
        let service = try ScriptedServer([
            "/analyze": [Answer(status: 307, body: "", headers: ["Location": "/v2/analyze"])],
            "/v2/analyze": [Answer(body: RESTQueueTests.reading)],
        ])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(service))
        #expect(job.state == .done)
        #expect(service.requests.map(\.path) == ["/analyze", "/v2/analyze"])
    }

    @Test func anEndlessAnswerIsCutAtTheCap() async throws {
        let service = try ScriptedServer(["/analyze": [Answer(bytes: 100_000_000)]])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(service, timeout: 60))
        #expect(job.state == .failed)
        #expect(job.lastError == "malformed answer: the answer is larger than 20 MB")
        #expect(try await harness.receipt == harness.original)
    }

    /// Without a deadline of its own the client would wait for all of a 1 GB answer sent a byte per half second.
    @Test(.timeLimit(.minutes(1))) func aDrippingAnswerEndsAtTheDeadline() async throws {
        let service = try ScriptedServer(["/analyze": [Answer(drip: 0.5)]])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(service, timeout: 2), maxAttempts: 1)
        #expect(job.state == .failed)
        #expect(job.lastError == "gave up after 1 attempts: the request timed out")
    }
}
