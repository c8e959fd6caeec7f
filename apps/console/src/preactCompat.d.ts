/** Types of src/preactCompat.js for its test (the build aliases 'react' to it). */
export declare function useId(): string;
declare const compat: { useId: typeof useId } & Record<string, unknown>;
export default compat;
