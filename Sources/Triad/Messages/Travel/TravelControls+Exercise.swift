import TriadModel

extension TravelControls {
    /// Where the page has been taken, for the exercises about travel: the moment travelled to and
    /// the present; nil in the present.
    var travelled: Exercise.Travelled? {
        guard let id = travel.pointID, let moment = travel.moment(after: id, in: MessageLog.shared.messages), let present = travel.present
        else { return nil }
        return Exercise.Travelled(moment: moment.model, present: present.model)
    }
}
