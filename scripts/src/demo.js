"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
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
Object.defineProperty(exports, "__esModule", { value: true });
exports.demoBuildings = exports.demoUsers = exports.demoPassword = void 0;
exports.seedDemo = seedDemo;
var node_crypto_1 = require("node:crypto");
var drizzle_orm_1 = require("drizzle-orm");
var domain_1 = require("@copro/domain");
var index_1 = require("@copro/server/db/schema/index");
var users_1 = require("@copro/server/platform/users");
var buildings_1 = require("@copro/server/modules/tenancy/buildings");
exports.demoPassword = 'copro-demo-2026';
/** One demo user per building role; the first six are the README's sign-ins. */
exports.demoUsers = [
    { email: 'admin@example.com', name: 'Alice Admin', role: 'admin', locale: 'fr-CA' },
    { email: 'approver@example.com', name: 'Paul Approbateur', role: 'approver', locale: 'fr-CA' },
    { email: 'accountant@example.com', name: 'Claire Comptable', role: 'accountant', locale: 'fr-CA' },
    { email: 'handler@example.com', name: 'Henri Handler', role: 'handler', locale: 'en-CA' },
    { email: 'owner@example.com', name: 'Olivia Owner', role: 'owner', locale: 'en-CA' },
    { email: 'resident@example.com', name: 'Rémi Résident', role: 'resident', locale: 'fr-CA' },
    { email: 'approver-write@example.com', name: 'Victor Approver', role: 'approverWrite', locale: 'en-CA' },
    { email: 'accountant-write@example.com', name: 'Wendy Accountant', role: 'accountantWrite', locale: 'en-CA' },
];
exports.demoBuildings = [
    { ref: 'jardins-du-parc', name: 'Les Jardins du Parc', city: 'Montréal', state: 'QC', locale: 'fr-CA' },
    { ref: 'maple-court', name: 'Maple Court', city: 'Ottawa', state: 'ON', locale: 'en-CA' },
];
/**
 * The demo building group: one billing account, two buildings, a user per role. The admin is
 * billing-account and group admin, so they reach both buildings; every other demo user has a
 * role in the first building only. Runs once: it does nothing when a billing account exists.
 */
function seedDemo(platform) {
    return __awaiter(this, void 0, void 0, function () {
        var existing, userIds, _i, demoUsers_1, u, _a, _b, _c, fiscalYearStart;
        var _this = this;
        var _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0: return [4 /*yield*/, platform.db.select({ n: (0, drizzle_orm_1.count)() }).from(index_1.billingAccount)];
                case 1:
                    existing = (_e.sent())[0];
                    if (((_d = existing === null || existing === void 0 ? void 0 : existing.n) !== null && _d !== void 0 ? _d : 0) > 0)
                        return [2 /*return*/, false];
                    userIds = new Map();
                    _i = 0, demoUsers_1 = exports.demoUsers;
                    _e.label = 2;
                case 2:
                    if (!(_i < demoUsers_1.length)) return [3 /*break*/, 5];
                    u = demoUsers_1[_i];
                    _b = (_a = userIds).set;
                    _c = [u.email];
                    return [4 /*yield*/, (0, users_1.createUserWithPassword)(platform.auth, __assign(__assign({}, u), { password: exports.demoPassword }))];
                case 3:
                    _b.apply(_a, _c.concat([_e.sent()]));
                    _e.label = 4;
                case 4:
                    _i++;
                    return [3 /*break*/, 2];
                case 5:
                    fiscalYearStart = "".concat(new Date().getUTCFullYear(), "-01-01");
                    return [4 /*yield*/, platform.db.transaction(function (tx) { return __awaiter(_this, void 0, void 0, function () {
                            var accountId, groupId, adminId, _i, _a, _b, index, b, id, _c, demoUsers_2, u;
                            var _d, _e;
                            return __generator(this, function (_f) {
                                switch (_f.label) {
                                    case 0:
                                        accountId = (0, domain_1.newBillingAccountId)();
                                        groupId = (0, domain_1.newBuildingGroupId)();
                                        adminId = (_d = userIds.get('admin@example.com')) !== null && _d !== void 0 ? _d : '';
                                        return [4 /*yield*/, tx.insert(index_1.billingAccount).values({ id: accountId, name: 'Gestion Copro Démo', email: 'admin@example.com', env: 'demo', status: 'active' })];
                                    case 1:
                                        _f.sent();
                                        return [4 /*yield*/, tx.insert(index_1.billingAccountUser).values({ billingAccountId: accountId, userId: adminId, role: 'admin' })];
                                    case 2:
                                        _f.sent();
                                        return [4 /*yield*/, tx.insert(index_1.buildingGroup).values({ id: groupId, billingAccountId: accountId, name: 'Groupe Démo' })];
                                    case 3:
                                        _f.sent();
                                        return [4 /*yield*/, tx.insert(index_1.groupUser).values({ buildingGroupId: groupId, userId: adminId, email: 'admin@example.com', role: 'admin' })];
                                    case 4:
                                        _f.sent();
                                        _i = 0, _a = exports.demoBuildings.entries();
                                        _f.label = 5;
                                    case 5:
                                        if (!(_i < _a.length)) return [3 /*break*/, 12];
                                        _b = _a[_i], index = _b[0], b = _b[1];
                                        id = (0, node_crypto_1.randomUUID)();
                                        return [4 /*yield*/, tx.insert(index_1.building).values({
                                                id: id,
                                                ref: b.ref,
                                                name: b.name,
                                                buildingGroupId: groupId,
                                                billingAccountId: accountId,
                                                env: 'demo',
                                                locale: b.locale,
                                                address: { street: index === 0 ? '1200 rue du Parc' : '45 Maple Street', city: b.city, state: b.state, country: 'CA' },
                                                taxes: [
                                                    { id: 'GST', isActive: true, rate: 0.05 },
                                                    { id: b.state, isActive: true, rate: b.state === 'QC' ? 0.09975 : 0.08 },
                                                ],
                                            })];
                                    case 6:
                                        _f.sent();
                                        return [4 /*yield*/, tx.insert(index_1.fiscalYear).values({ buildingId: id, startDate: fiscalYearStart, endDate: (0, buildings_1.defaultEndDate)(fiscalYearStart) })];
                                    case 7:
                                        _f.sent();
                                        if (!(index === 0)) return [3 /*break*/, 11];
                                        _c = 0, demoUsers_2 = exports.demoUsers;
                                        _f.label = 8;
                                    case 8:
                                        if (!(_c < demoUsers_2.length)) return [3 /*break*/, 11];
                                        u = demoUsers_2[_c];
                                        return [4 /*yield*/, tx.insert(index_1.buildingUser).values({ buildingId: id, userId: (_e = userIds.get(u.email)) !== null && _e !== void 0 ? _e : '', email: u.email, role: u.role })];
                                    case 9:
                                        _f.sent();
                                        _f.label = 10;
                                    case 10:
                                        _c++;
                                        return [3 /*break*/, 8];
                                    case 11:
                                        _i++;
                                        return [3 /*break*/, 5];
                                    case 12: return [2 /*return*/];
                                }
                            });
                        }); })];
                case 6:
                    _e.sent();
                    return [2 /*return*/, true];
            }
        });
    });
}
