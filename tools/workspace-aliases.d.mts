/** Maps every `@beacon/<project>` import to the project's TypeScript source. */
export declare function workspaceAliases(): Record<string, string>;
