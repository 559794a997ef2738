export const requirementsFile: string;
export function fuzzerHome(): string;
export function fuzzerMarker(): string;
export function fuzzerBin(): string;
export function fuzzerInstalled(): boolean;
