#pragma once
/// \file SessionProbe.hpp
/// Test helper: a session's reload done at once. Play begins a reload on the loading worker
/// (Session::beginReload) and a later tick adopts it; a test waits for it in one call.

#include "game/session/Session.hpp"

namespace testsupport {

/// Loads `session`'s world again (`automatic`: as after a watched file changed) and waits until
/// it is adopted or refused (offered to `gate` first). reloadAdopted: the new world is current.
inline game::SessionChange reloadNow(game::Session& session, bool automatic, const game::WorldGate& gate = {})
{
    if (!session.beginReload(automatic))
        return {};
    return session.finishReload(true, gate);
}

} // namespace testsupport
