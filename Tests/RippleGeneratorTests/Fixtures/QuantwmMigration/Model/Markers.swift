import Foundation
import Quantwm

protocol QWNode_S: QWNode {}
protocol QWRoot_S: QWRoot {}

class Mediator: QWMediator {
    func registerRoot(model: Store, rootProperty: QWRootProperty) {
        super.registerRoot(model: model, rootProperty: rootProperty)
    }
}
