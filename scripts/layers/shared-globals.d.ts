/**
 * The globals src-shared may use: web-platform APIs that both Node and the browser provide. tsconfig.shared.json
 * type-checks src-shared with these and ECMAScript alone, so a Node-only or DOM-only API there fails the typecheck.
 */
declare function atob(data: string): string;
declare function btoa(data: string): string;
