"use strict";
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
var __generator = (this && this.__generator) || function (thisArg, body) {
    var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
    return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
    function verb(n) { return function (v) { return step([n, v]); }; }
    function step(op) {
        if (f) throw new TypeError("Generator is already executing.");
        while (g && (g = 0, op[0] && (_ = 0)), _) try {
            if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
            if (y = 0, t) op = [op[0] & 2, t.value];
            switch (op[0]) {
                case 0: case 1: t = op; break;
                case 4: _.label++; return { value: op[1], done: false };
                case 5: _.label++; y = op[1]; op = [0]; continue;
                case 7: op = _.ops.pop(); _.trys.pop(); continue;
                default:
                    if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                    if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                    if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                    if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                    if (t[2]) _.ops.pop();
                    _.trys.pop(); continue;
            }
            op = body.call(thisArg, _);
        } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
        if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
    }
};
var __spreadArray = (this && this.__spreadArray) || function (to, from, pack) {
    if (pack || arguments.length === 2) for (var i = 0, l = from.length, ar; i < l; i++) {
        if (ar || !(i in from)) {
            if (!ar) ar = Array.prototype.slice.call(from, 0, i);
            ar[i] = from[i];
        }
    }
    return to.concat(ar || Array.prototype.slice.call(from));
};
Object.defineProperty(exports, "__esModule", { value: true });
var node_child_process_1 = require("node:child_process");
var node_fs_1 = require("node:fs");
var node_path_1 = require("node:path");
var config_1 = require("@copro/server/config");
var lock_1 = require("@copro/server/platform/lock");
var server_1 = require("@copro/server/server");
var demo_1 = require("./demo");
var root = node_path_1.default.resolve(import.meta.dirname, '../..');
var webDir = node_path_1.default.join(root, 'apps/web');
var stamp = node_path_1.default.join(webDir, 'dist/.build-stamp');
function newestChange(dir) {
    var newest = 0;
    for (var _i = 0, _a = node_fs_1.default.readdirSync(dir, { withFileTypes: true }); _i < _a.length; _i++) {
        var entry = _a[_i];
        var full = node_path_1.default.join(dir, entry.name);
        newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : node_fs_1.default.statSync(full).mtimeMs);
    }
    return newest;
}
/** Builds the web app when its sources (or the shared domain package) changed since the last build. */
function buildWebIfNeeded() {
    var _a;
    var sources = [node_path_1.default.join(webDir, 'src'), node_path_1.default.join(root, 'packages/domain/src')];
    var files = [node_path_1.default.join(webDir, 'index.html'), node_path_1.default.join(webDir, 'vite.config.ts')];
    var newest = Math.max.apply(Math, __spreadArray(__spreadArray([], sources.map(newestChange), false), files.map(function (f) { return node_fs_1.default.statSync(f).mtimeMs; }), false));
    if (node_fs_1.default.existsSync(stamp) && node_fs_1.default.statSync(stamp).mtimeMs >= newest)
        return;
    console.log('Building the web app…');
    var result = (0, node_child_process_1.spawnSync)('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit' });
    if (result.status !== 0)
        process.exit((_a = result.status) !== null && _a !== void 0 ? _a : 1);
    node_fs_1.default.writeFileSync(stamp, new Date().toISOString());
}
buildWebIfNeeded();
var config = (0, config_1.loadConfig)();
try {
    var seeded_1 = false;
    var server_2 = await (0, server_1.startServer)(config, {
        logger: false,
        beforeListen: function (platform) { return __awaiter(void 0, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        if (!config.seedDemo) return [3 /*break*/, 2];
                        return [4 /*yield*/, (0, demo_1.seedDemo)(platform)];
                    case 1:
                        seeded_1 = _a.sent();
                        _a.label = 2;
                    case 2: return [2 /*return*/];
                }
            });
        }); },
    });
    var url = config.publicUrl;
    console.log("\nCopro ".concat(seeded_1 ? 'started with a new demo building' : 'started', " on ").concat(url));
    console.log("Database: ".concat(config.databaseUrl ? 'PostgreSQL' : "embedded (".concat(config.dataDir, "/db)")));
    if (config.seedDemo) {
        console.log("\nDemo sign-ins (password: ".concat(demo_1.demoPassword, "):"));
        for (var _i = 0, demoUsers_1 = demo_1.demoUsers; _i < demoUsers_1.length; _i++) {
            var u = demoUsers_1[_i];
            console.log("  ".concat(u.email.padEnd(30), " ").concat(u.role));
        }
    }
    if (config.demoMailbox)
        console.log("\nOutgoing mail is kept in the demo mailbox: ".concat(url, "/demo/mailbox"));
    var stop_1 = function () { return void server_2.close().then(function () { return process.exit(0); }); };
    process.once('SIGINT', stop_1);
    process.once('SIGTERM', stop_1);
}
catch (error) {
    if (error instanceof lock_1.DataDirLockedError) {
        console.error("\n".concat(error.message));
        process.exit(1);
    }
    throw error;
}
