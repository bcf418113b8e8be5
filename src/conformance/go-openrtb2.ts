/**
 * The members of Prebid Server's OpenRTB 2.x Go structs (github.com/prebid/openrtb/v20 v20.3.0, the version Prebid
 * Server's go.mod names at the commit of test/peer/prebid-server/SOURCES.md; commit
 * bb6e1c537e61528693fd66990a264fded776c45b, Apache License 2.0), as data: for each struct, its members' JSON names in
 * order, each `name` (always written: `:s` a string, `:n` a number, written as `""` or 0 when absent), `name?` (`omitempty`: left out when empty), and after a colon what it holds:
 * `raw` (`json.RawMessage`: any JSON, kept as it came), a struct (`Banner`), a pointer to one (`*Banner`: left out
 * only when absent or null), a list of them (`[]Format`), a pointer to a number (`*`: 0 is kept), a list of numbers or
 * strings (`[]`); nothing: a number or a string. Read off the struct tags of openrtb2/*.go; no code of it is here.
 * conformance/go-json.ts reads it to give what Go's encoding/json makes of a request or a bid.
 */
export const GO_OPENRTB2: Readonly<Record<string, string>> = {
  App: 'id? name? bundle? domain? storeurl? cattax? cat?:[] sectioncat?:[] pagecat?:[] ver? privacypolicy?:* paid?:* publisher?:*Publisher content?:*Content keywords? kwarray?:[] inventorypartnerdomain? ext?:raw',
  Audio:
    'mimes:[] minduration? maxduration? poddur? protocols?:[] startdelay?:* rqddurs?:[] podid? podseq? sequence? slotinpod? mincpmpersec? battr?:[] maxextended? minbitrate? maxbitrate? delivery?:[] companionad?:[]Banner api?:[] companiontype?:[] maxseq? feed? stitched?:* nvol?:* durfloors?:[]DurFloors ext?:raw',
  Banner: 'format?:[]Format w?:* h?:* wmax? hmax? wmin? hmin? btype?:[] battr?:[] pos?:* mimes?:[] topframe? expdir?:[] api?:[] id? vcm?:* ext?:raw',
  Bid: 'id:s impid:s price:n nurl? burl? lurl? adm? adid? adomain?:[] bundle? iurl? cid? crid? tactic? cattax? cat?:[] attr?:[] apis?:[] api? protocol? qagmediarating? language? langb? dealid? w? h? wratio? hratio? exp? dur? mtype? slotinpod? ext?:raw',
  BidRequest:
    'id:s imp:[]Imp site?:*Site app?:*App dooh?:*DOOH device?:*Device user?:*User test? at? tmax? wseat?:[] bseat?:[] allimps? cur?:[] wlang?:[] wlangb?:[] acat?:[] bcat?:[] cattax? badv?:[] bapp?:[] source?:*Source regs?:*Regs ext?:raw',
  BidResponse: 'id:s seatbid?:[]SeatBid bidid? cur? customdata? nbr?:* ext?:raw',
  BrandVersion: 'brand:s version?:[] ext?:raw',
  Channel: 'id? name? domain? ext?:raw',
  Content:
    'id? episode? title? series? season? artist? genre? album? isrc? producer?:*Producer url? cattax? cat?:[] prodq?:* videoquality?:* context? contentrating? userrating? qagmediarating? keywords? kwarray?:[] livestream?:* sourcerelationship?:* len? language? langb? embeddable?:* data?:[]Data network?:*Network channel?:*Channel ext?:raw',
  DOOH: 'id? name? venuetype?:[] venuetypetax?:* publisher?:*Publisher domain? keywords? content?:*Content ext?:raw',
  Data: 'id? name? segment?:[]Segment ext?:raw',
  Deal: 'id:s bidfloor? bidfloorcur? at? wseat?:[] wadomain?:[] guar? mincpmpersec? durfloors?:[]DurFloors ext?:raw',
  Device:
    'geo?:*Geo dnt?:* lmt?:* ua? sua?:*UserAgent ip? ipv6? devicetype? make? model? os? osv? hwv? h? w? ppi? pxratio? js?:* geofetch?:* flashver? language? langb? carrier? mccmnc? connectiontype?:* ifa? didsha1? didmd5? dpidsha1? dpidmd5? macsha1? macmd5? ext?:raw',
  DurFloors: 'mindur? maxdur? bidfloor? ext?:raw',
  EID: 'inserter? matcher? mm? source? uids?:[]UID ext?:raw',
  Format: 'w? h? wratio? hratio? wmin? ext?:raw',
  Geo: 'lat?:* lon?:* type? accuracy? lastfix? ipservice? country? region? regionfips104? metro? city? zip? utcoffset? ext?:raw',
  Imp: 'id:s metric?:[]Metric banner?:*Banner video?:*Video audio?:*Audio native?:*Native pmp?:*PMP displaymanager? displaymanagerver? instl? tagid? bidfloor? bidfloorcur? clickbrowser?:* secure?:* iframebuster?:[] rwdd? ssai? exp? qty?:*Qty dt? refresh?:*Refresh ext?:raw',
  Metric: 'type:s value? vendor? ext?:raw',
  Native: 'request:s ver? api?:[] battr?:[] ext?:raw',
  Network: 'id? name? domain? ext?:raw',
  PMP: 'private_auction? deals?:[]Deal ext?:raw',
  Producer: 'id? name? cattax? cat?:[] domain? ext?:raw',
  Publisher: 'id? name? cattax? cat?:[] domain? ext?:raw',
  Qty: 'multiplier? sourcetype? vendor? ext?:raw',
  RefSettings: 'reftype? minint? ext?:raw',
  Refresh: 'refsettings?:[]RefSettings count?:* ext?:raw',
  Regs: 'coppa? gdpr?:* us_privacy? gpp? gpp_sid?:[] ext?:raw',
  SeatBid: 'bid:[]Bid seat? group? ext?:raw',
  Segment: 'id? name? value? ext?:raw',
  Site: 'id? name? domain? cattax? cat?:[] sectioncat?:[] pagecat?:[] page? ref? search? mobile?:* privacypolicy?:* publisher?:*Publisher content?:*Content keywords? kwarray?:[] inventorypartnerdomain? ext?:raw',
  Source: 'fd?:* tid? pchain? schain?:*SupplyChain ext?:raw',
  SupplyChain: 'complete:n nodes:[]SupplyChainNode ver:s ext?:raw',
  SupplyChainNode: 'asi:s sid:s rid? name? domain? hp?:* ext?:raw',
  UID: 'id? atype? ext?:raw',
  User: 'id? buyeruid? yob? gender? keywords? kwarray?:[] customdata? geo?:*Geo data?:[]Data consent? eids?:[]EID ext?:raw',
  UserAgent: 'browsers?:[]BrandVersion platform?:*BrandVersion mobile?:* architecture? bitness? model? source? ext?:raw',
  Video:
    'mimes:[] minduration? maxduration? startdelay?:* maxseq? poddur? protocols?:[] protocol? w?:* h?:* podid? podseq? rqddurs?:[] placement? plcmt? linearity? skip?:* skipmin? skipafter? sequence? slotinpod? mincpmpersec? battr?:[] maxextended? minbitrate? maxbitrate? boxingallowed?:* playbackmethod?:[] playbackend? delivery?:[] pos?:* companionad?:[]Banner api?:[] companiontype?:[] poddedupe?:[] durfloors?:[]DurFloors ext?:raw',
};
