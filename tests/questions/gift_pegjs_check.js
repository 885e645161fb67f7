// Reads a GIFT file with the npm package gift-pegjs, an independent GIFT parser (issue 21).
// Usage: NODE_PATH=<dir>/node_modules node gift_pegjs_check.js FILE
// Prints JSON: {"blocks": n, "parsed": n, "types": [...], "weights": [[...], ...],
//               "failures": [{"block": i, "message": "..."}]}
// Each question block (separated by a blank line) is parsed on its own, so one failure does not
// hide the others.
"use strict";
const fs = require("fs");
const parser = require("gift-pegjs");

const text = fs.readFileSync(process.argv[2], "utf8");
const blocks = text.split(/\n\s*\n/).filter((block) => block.trim());
const result = { blocks: blocks.length, parsed: 0, types: [], weights: [], failures: [] };
blocks.forEach((block, index) => {
  try {
    const questions = parser.parse(block + "\n");
    const kept = questions.filter((question) => question.type !== "Category");
    if (kept.length !== 1) throw new Error(`${kept.length} questions read`);
    result.parsed += 1;
    const question = kept[0];
    const choices = Array.isArray(question.choices) ? question.choices : [];
    const weights = choices.map((choice) => (choice.weight === null ? null : choice.weight));
    result.types.push(question.type);
    result.weights.push(weights);
  } catch (error) {
    result.failures.push({ block: index + 1, message: String(error.message).slice(0, 300) });
  }
});
process.stdout.write(JSON.stringify(result));
