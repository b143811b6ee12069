/** Build the app when there is none or a source changed since it; exits the process when the build fails. */
export function ensureBuild(label?: string): void;
