import Foundation
import Testing
@testable import PlutaryCore

@Suite("Text in any encoding")
struct ReceiptTextDecoderTests {
    @Test func readsLatin1Bytes() {
        // "Café  £2,50  ½ l" in ISO 8859-1: not valid UTF-8.
        let bytes: [UInt8] = [0x43, 0x61, 0x66, 0xE9, 0x20, 0x20, 0xA3, 0x32, 0x2C, 0x35, 0x30, 0x20, 0x20, 0xBD, 0x20, 0x6C]
        #expect(ReceiptTextDecoder.decode(Data(bytes)) == "Café  £2,50  ½ l")
    }

    @Test func readsWindows1252EuroSign() {
        #expect(ReceiptTextDecoder.decode(Data([0x53, 0x55, 0x4D, 0x4D, 0x45, 0x20, 0x80, 0x20, 0x39, 0x2C, 0x39, 0x39])) == "SUMME € 9,99")
    }

    @Test func prefersUTF8AndDropsItsByteOrderMark() {
        #expect(ReceiptTextDecoder.decode(Data([0xEF, 0xBB, 0xBF] + Array("Crème £1".utf8))) == "Crème £1")
    }

    @Test func readsUTF16WithByteOrderMark() {
        #expect(ReceiptTextDecoder.decode("TOTAL 9.99".data(using: .utf16)!) == "TOTAL 9.99")
    }

    @Test func parsesALatin1Receipt() {
        let text = "Caf\u{E9} du March\u{E9}\n1 Cr\u{E8}me br\u{FB}l\u{E9}e   \u{A3}4.50\n\u{BD} Baguette   \u{A3}1.20\nTOTAL   \u{A3}5.70\n"
        let latin1 = text.data(using: .isoLatin1)!
        #expect(String(data: latin1, encoding: .utf8) == nil)
        let payload = ReceiptParser().parse(ocrText: ReceiptTextDecoder.decode(latin1))
        #expect(payload.totalAmount == "5.70")
        #expect(payload.merchantName?.hasPrefix("Caf\u{E9}") == true)
    }
}
