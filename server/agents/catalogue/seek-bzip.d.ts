/** The one call Baton makes of seek-bzip (a pure-JavaScript bzip2 decoder), which ships no types. */
declare module 'seek-bzip' {
  interface ByteSink {
    writeByte(byte: number): void;
  }
  const Bunzip: {
    decode(input: Buffer, output: ByteSink, multistream?: boolean): void;
  };
  export default Bunzip;
}
