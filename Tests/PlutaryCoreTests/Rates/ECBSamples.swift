/// ECB reference-rate files in both published shapes, trimmed.
enum ECBSamples {
    static let daily = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
        \t<gesmes:subject>Reference rates</gesmes:subject>
        \t<gesmes:Sender>
        \t\t<gesmes:name>European Central Bank</gesmes:name>
        \t</gesmes:Sender>
        \t<Cube>
        \t\t<Cube time='2024-03-15'>
        \t\t\t<Cube currency='USD' rate='1.0892'/>
        \t\t\t<Cube currency='JPY' rate='163.07'/>
        \t\t\t<Cube currency='GBP' rate='0.85488'/>
        \t\t\t<Cube currency='CAD' rate='1.4745'/>
        \t\t</Cube>
        \t</Cube>
        </gesmes:Envelope>
        """

    static let history = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
        <gesmes:subject>Reference rates</gesmes:subject>
        <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
        <Cube>
        <Cube time="2024-03-15"><Cube currency="USD" rate="1.0892"/><Cube currency="CAD" rate="1.4745"/></Cube>
        <Cube time="2024-03-14"><Cube currency="USD" rate="1.0925"/><Cube currency="CAD" rate="1.4751"/></Cube>
        <Cube time="2024-03-13"><Cube currency="USD" rate="1.0939"/><Cube currency="CAD" rate="1.4788"/></Cube>
        </Cube>
        </gesmes:Envelope>
        """
}
